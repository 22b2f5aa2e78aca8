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
 * The core's shape, checked on its compiled classes: its packages form no cycle, and it depends on
 * no other module of Sluice (sources, targets, the CLI and Spark depend on it, never the reverse).
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
}
