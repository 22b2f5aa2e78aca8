package io.sluice.cli.demo;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.Document;
import org.bson.types.ObjectId;

/**
 * Generates person profiles as a MongoDB application would store them: nested names, arrays of
 * emails and phones, a document of social profiles, dates and ObjectIds. The same seed gives the
 * same documents, so the demo is repeatable.
 */
public final class PersonProfiles {

  private static final String[] GIVEN = {
    "Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Donald", "Margaret", "Ken", "Radia",
    "Linus", "Hedy", "Tim", "Katherine", "John", "Sophie", "Dennis", "Anita", "Niklaus", "Joan"
  };
  private static final String[] FAMILY = {
    "Lovelace", "Hopper", "Turing", "Liskov", "Dijkstra", "Allen", "Knuth", "Hamilton",
    "Thompson", "Perlman", "Torvalds", "Lamarr", "Berners-Lee", "Johnson", "McCarthy", "Wilson",
    "Ritchie", "Borg", "Wirth", "Clarke"
  };
  private static final String[] CITIES = {
    "Lisbon", "Nairobi", "Osaka", "Toronto", "Lyon", "Recife", "Tallinn", "Pune", "Perth", "Cork"
  };
  private static final String[] COUNTRIES = {
    "PT", "KE", "JP", "CA", "FR", "BR", "EE", "IN", "AU", "IE"
  };
  private static final String[] NETWORKS = {"github", "mastodon", "linkedin", "bluesky"};
  private static final Instant EPOCH_OF_IDS = Instant.parse("2019-01-01T00:00:00Z");

  private final Random random;

  private final byte[] processBytes = new byte[5];

  public PersonProfiles(long seed) {
    this.random = new Random(seed);
    random.nextBytes(processBytes);
  }

  /** The next profile; {@code index} makes ids unique and ordered. */
  public Document next(int index) {
    String given = pick(GIVEN);
    String family = pick(FAMILY);
    int place = random.nextInt(CITIES.length);
    Instant created = EPOCH_OF_IDS.plusSeconds(index * 600L + random.nextInt(600));
    Instant updated = created.plusSeconds(random.nextInt(86_400 * 365));
    ObjectId id = objectId(created, index);

    Document name = new Document("given", given).append("family", family);
    if (random.nextInt(4) == 0) {
      name.append("middle", pick(GIVEN));
    }
    String handle = (given + "." + family).toLowerCase(Locale.ROOT).replace("-", "") + index;
    List<String> emails = new ArrayList<>();
    emails.add(handle + "@example.com");
    if (random.nextBoolean()) {
      emails.add(given.toLowerCase(Locale.ROOT) + index + "@example.org");
    }
    List<Document> phones = new ArrayList<>();
    for (int i = 0, n = random.nextInt(3); i <= n; i++) {
      phones.add(
          new Document("type", i == 0 ? "mobile" : i == 1 ? "home" : "work")
              .append(
                  "number", String.format("+%d %09d", 1 + place, random.nextInt(1_000_000_000))));
    }
    Map<String, Object> social = new LinkedHashMap<>();
    for (String network : NETWORKS) {
      if (random.nextInt(3) == 0) {
        social.put(network, handle);
      }
    }
    LocalDate birth =
        LocalDate.of(1950 + random.nextInt(55), 1 + random.nextInt(12), 1 + random.nextInt(28));
    return new Document("_id", id)
        .append("name", name)
        .append("emails", emails)
        .append("phones", phones)
        .append("social", new Document(social))
        .append(
            "address",
            new Document("street", (1 + random.nextInt(200)) + " Main Street")
                .append("city", CITIES[place])
                .append("country", COUNTRIES[place]))
        .append("birthDate", Date.from(birth.atStartOfDay(ZoneOffset.UTC).toInstant()))
        .append("externalId", new BsonBinary(new UUID(random.nextLong(), random.nextLong())))
        .append("score", Math.round(random.nextDouble() * 10_000) / 100.0)
        .append("active", random.nextInt(10) != 0)
        .append("loginCount", random.nextInt(5_000))
        .append("createdAt", Date.from(created))
        .append("updatedAt", Date.from(updated));
  }

  /**
   * An ObjectId laid out as MongoDB makes them (seconds, 5 process bytes, 3 counter bytes), with
   * the process bytes from the seed so the same seed gives the same ids.
   */
  private ObjectId objectId(Instant created, int index) {
    byte[] bytes = new byte[12];
    ByteBuffer.wrap(bytes).putInt((int) created.getEpochSecond());
    System.arraycopy(processBytes, 0, bytes, 4, 5);
    bytes[9] = (byte) (index >>> 16);
    bytes[10] = (byte) (index >>> 8);
    bytes[11] = (byte) index;
    return new ObjectId(bytes);
  }

  private String pick(String[] values) {
    return values[random.nextInt(values.length)];
  }
}
