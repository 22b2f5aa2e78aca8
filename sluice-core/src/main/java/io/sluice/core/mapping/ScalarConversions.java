package io.sluice.core.mapping;

import io.sluice.core.value.BinaryValue;
import io.sluice.core.value.ObjectIdValue;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Conversions to CQL {@code boolean}, {@code uuid}, {@code timeuuid}, {@code blob} and {@code
 * inet}. Text is parsed strictly: {@code true}/{@code false}, the canonical 8-4-4-4-12 UUID form, a
 * literal IPv4 or IPv6 address (never a host name, so no lookup happens).
 */
final class ScalarConversions {

  private static final Pattern IPV4 =
      Pattern.compile(
          "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]+");

  private ScalarConversions() {}

  static Object bool(Object value) throws ConversionException {
    if (value instanceof Boolean) {
      return value;
    }
    if (value instanceof String text) {
      switch (text.toLowerCase(Locale.ROOT)) {
        case "true":
          return Boolean.TRUE;
        case "false":
          return Boolean.FALSE;
        default:
          throw ConversionException.cannot(value, "boolean", "not true or false");
      }
    }
    throw ConversionException.cannot(value, "boolean", null);
  }

  static Object uuid(Object value) throws ConversionException {
    return uuidFor(value, "uuid");
  }

  static Object timeuuid(Object value) throws ConversionException {
    UUID uuid = uuidFor(value, "timeuuid");
    if (uuid.version() != 1) {
      throw ConversionException.cannot(
          value, "timeuuid", "it is a version " + uuid.version() + " UUID, not version 1");
    }
    return uuid;
  }

  private static UUID uuidFor(Object value, String target) throws ConversionException {
    if (value instanceof UUID uuid) {
      return uuid;
    }
    if (value instanceof String text) {
      UUID uuid = CanonicalUuids.parse(text);
      if (uuid == null) {
        throw ConversionException.cannot(value, target, "not a UUID like 123e4567-e89b-...");
      }
      return uuid;
    }
    if (value instanceof BinaryValue binary
        && binary.subtype() == 4
        && binary.data().length == 16) {
      ByteBuffer bytes = ByteBuffer.wrap(binary.data());
      return new UUID(bytes.getLong(), bytes.getLong());
    }
    throw ConversionException.cannot(
        value,
        target,
        value instanceof BinaryValue b && b.subtype() == 3
            ? "legacy UUIDs (binary subtype 3) have a driver-specific byte order"
            : null);
  }

  static Object blob(Object value) throws ConversionException {
    if (value instanceof BinaryValue binary) {
      return binary.asByteBuffer();
    }
    if (value instanceof ObjectIdValue id) {
      return ByteBuffer.wrap(id.bytes());
    }
    if (value instanceof UUID uuid) {
      return ByteBuffer.allocate(16)
          .putLong(uuid.getMostSignificantBits())
          .putLong(uuid.getLeastSignificantBits())
          .flip();
    }
    throw ConversionException.cannot(value, "blob", null);
  }

  static Object inet(Object value) throws ConversionException {
    if (value instanceof InetAddress address) {
      return address; // a table source's, with its own bytes
    }
    if (value instanceof String text
        && (IPV4.matcher(text).matches() || (text.contains(":") && IPV6.matcher(text).matches()))) {
      try {
        return InetAddress.getByName(text);
      } catch (UnknownHostException e) {
        // falls through to the failure below
      }
    }
    throw ConversionException.cannot(
        value, "inet", value instanceof String ? "not an IPv4 or IPv6 address" : null);
  }
}
