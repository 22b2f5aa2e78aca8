package io.sluice.core;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The core's shape, checked on its compiled classes: its packages form no cycle; it depends on no
 * other module of Sluice (sources, targets, the CLI and Spark depend on it, never the reverse); the
 * runner knows nothing of validation; and the runner and the validation keep their state through
 * the store interfaces only, never naming a local file.
 */
class CoreArchitectureTest {

  private static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.sluice.core");

  @Test
  void should_have_no_cycle_among_its_packages() {
    slices().matching("io.sluice.core.(*)..").should().beFreeOfCycles().check(CORE);
  }

  @Test
  void should_depend_on_no_other_module() {
    noClasses()
        .that()
        .resideInAPackage("io.sluice.core..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.sluice..").and(resideOutsideOfPackage("io.sluice.core..")))
        .check(CORE);
  }

  @Test
  void should_keep_the_runner_free_of_validation() {
    noClasses()
        .that()
        .resideInAnyPackage("io.sluice.core.run..", "io.sluice.core.sink..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.sluice.core.validate..")
        .check(CORE);
  }

  @Test
  void should_keep_run_state_behind_its_stores() {
    noClasses()
        .that()
        .resideInAnyPackage("io.sluice.core.run..", "io.sluice.core.validate..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("java.nio.file..")
        .orShould()
        .dependOnClassesThat()
        .belongToAnyOf(java.io.File.class)
        .check(CORE);
  }
}
