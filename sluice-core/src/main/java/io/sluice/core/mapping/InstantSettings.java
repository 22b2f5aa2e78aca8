package io.sluice.core.mapping;

import io.sluice.core.schema.CqlType;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Reads a column's {@code epoch-unit} and {@code truncate} settings into {@link InstantOptions},
 * checking before the first record that they name known units, that the column's type has a
 * timestamp or bigint for them to act on, and that a truncation leaves nothing finer than the
 * column holds (which would only fail later, record by record).
 */
final class InstantSettings {

  private static final List<ChronoUnit> TRUNCATE_UNITS =
      List.of(ChronoUnit.SECONDS, ChronoUnit.MILLIS, ChronoUnit.MICROS);

  private InstantSettings() {}

  /**
   * The options of the column {@code label}.
   *
   * @throws MappingException naming the column and the setting when one does not fit
   */
  static InstantOptions of(String label, ColumnSpec spec, CqlType type) {
    if (spec.epochUnit() == null && spec.truncate() == null) {
      return InstantOptions.DEFAULT;
    }
    boolean timestamp = holds(type, "timestamp");
    boolean bigint = holds(type, "bigint") || holds(type, "counter");
    if (!timestamp && !bigint) {
      throw new MappingException(
          label
              + " sets "
              + (spec.epochUnit() != null ? "epoch-unit" : "truncate")
              + ", which only timestamp, bigint and counter columns (and collections of them) use;"
              + " it is "
              + type.toCql()
              + ".");
    }
    ChronoUnit epochUnit =
        spec.epochUnit() == null
            ? ChronoUnit.MILLIS
            : unit(label, "epoch-unit", spec.epochUnit(), InstantOptions.UNITS);
    ChronoUnit truncate =
        spec.truncate() == null ? null : unit(label, "truncate", spec.truncate(), TRUNCATE_UNITS);
    if (truncate != null && timestamp && truncate.compareTo(ChronoUnit.MILLIS) < 0) {
      throw new MappingException(
          label
              + ": 'truncate: "
              + spec.truncate()
              + "' keeps parts finer than the millisecond a timestamp holds; use millis or"
              + " seconds.");
    }
    if (truncate != null && bigint && truncate.compareTo(epochUnit) < 0) {
      throw new MappingException(
          label
              + ": 'truncate: "
              + spec.truncate()
              + "' keeps parts finer than its epoch-unit, "
              + InstantOptions.name(epochUnit)
              + "; truncate to "
              + InstantOptions.name(epochUnit)
              + " or set epoch-unit: "
              + spec.truncate()
              + ".");
    }
    return new InstantOptions(epochUnit, truncate);
  }

  private static ChronoUnit unit(
      String label, String setting, String name, List<ChronoUnit> known) {
    ChronoUnit unit = InstantOptions.unitNamed(name);
    if (unit == null || !known.contains(unit)) {
      throw new MappingException(
          label
              + ": "
              + setting
              + " '"
              + name
              + "' is not one of "
              + String.join(", ", known.stream().map(InstantOptions::name).toList())
              + ".");
    }
    return unit;
  }

  /** Whether {@code type} is, or holds somewhere inside, the native type {@code name}. */
  static boolean holds(CqlType type, String name) {
    if (type instanceof CqlType.Native n) {
      return n.name().equals(name);
    }
    if (type instanceof CqlType.ListType l) {
      return holds(l.element(), name);
    }
    if (type instanceof CqlType.SetType s) {
      return holds(s.element(), name);
    }
    if (type instanceof CqlType.MapType m) {
      return holds(m.key(), name) || holds(m.value(), name);
    }
    if (type instanceof CqlType.TupleType t) {
      return t.components().stream().anyMatch(c -> holds(c, name));
    }
    return ((CqlType.UdtType) type).fields().values().stream().anyMatch(f -> holds(f, name));
  }
}
