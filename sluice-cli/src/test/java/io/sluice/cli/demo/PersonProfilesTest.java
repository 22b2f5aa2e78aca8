package io.sluice.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PersonProfilesTest {

  @Test
  void should_generate_the_same_profiles_from_the_same_seed() {
    PersonProfiles first = new PersonProfiles(7);
    PersonProfiles second = new PersonProfiles(7);

    for (int i = 0; i < 50; i++) {
      assertThat(first.next(i)).isEqualTo(second.next(i));
    }
  }

  @Test
  void should_give_every_profile_its_own_id() {
    PersonProfiles profiles = new PersonProfiles(7);

    assertThat(profiles.next(1).get("_id")).isNotEqualTo(profiles.next(2).get("_id"));
  }
}
