package io.sluice.core.mapping;

import io.sluice.core.value.BinaryValue;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The ways a column reads its raw value: a field (with an optional default), a constant, the text
 * of several fields joined ({@code concat}) or digested ({@code hash}), the size of a field, or the
 * position of the exploded element.
 */
final class ColumnReaders {

  private ColumnReaders() {}

  static ColumnPlan.Reader field(FieldPath path, Object defaultValue) {
    return (record, element, index) -> {
      Object value = path.resolve(record.fields(), element);
      return value == null ? defaultValue : value;
    };
  }

  static ColumnPlan.Reader constant(Object value) {
    return (record, element, index) -> value;
  }

  /**
   * Where the record is in its source, as text: {@code resource:offset}. Unique per record, and the
   * same on every run over the same files.
   */
  static ColumnPlan.Reader position() {
    return (record, element, index) ->
        record.position().resource() + ":" + record.position().offset();
  }

  static ColumnPlan.Reader index() {
    return (record, element, index) -> index;
  }

  /** The text forms of the parts joined; null when any part is missing. */
  static ColumnPlan.Reader concat(List<FieldPath> parts, String separator) {
    return (record, element, index) -> {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < parts.size(); i++) {
        Object value = parts.get(i).resolve(record.fields(), element);
        if (value == null) {
          return null;
        }
        out.append(i == 0 ? "" : separator).append(TextConversions.textOf(value));
      }
      return out.toString();
    };
  }

  /**
   * A digest of the parts' text forms, each followed by a zero byte; a missing part is written as a
   * single 0x01 byte, so it differs from an empty string. Hex text, or binary for blob columns.
   */
  static ColumnPlan.Reader hash(List<FieldPath> parts, String algorithm, boolean binary) {
    MessageDigest prototype = digest(algorithm);
    return (record, element, index) -> {
      MessageDigest digest = copy(prototype, algorithm);
      for (FieldPath part : parts) {
        Object value = part.resolve(record.fields(), element);
        if (value == null) {
          digest.update((byte) 1);
        } else {
          digest.update(TextConversions.textOf(value).getBytes(StandardCharsets.UTF_8));
        }
        digest.update((byte) 0);
      }
      byte[] bytes = digest.digest();
      return binary ? new BinaryValue((byte) 0, bytes) : HexFormat.of().formatHex(bytes);
    };
  }

  /** The number of elements of an array, keys of a document or characters of a string. */
  static ColumnPlan.Reader size(FieldPath path) {
    return (record, element, index) -> {
      Object value = path.resolve(record.fields(), element);
      if (value == null) {
        return null;
      }
      if (value instanceof List<?> array) {
        return array.size();
      }
      if (value instanceof Map<?, ?> document) {
        return document.size();
      }
      if (value instanceof String text) {
        return text.codePointCount(0, text.length());
      }
      throw new ConversionException(
          "size applies to arrays, documents and strings, not to " + kind(value), value);
    };
  }

  /** The digest for a mapping's algorithm name, such as {@code sha256}. */
  static MessageDigest digest(String algorithm) {
    String name =
        switch (algorithm) {
          case "md5" -> "MD5";
          case "sha1" -> "SHA-1";
          case "sha256" -> "SHA-256";
          case "sha512" -> "SHA-512";
          default ->
              throw new IllegalArgumentException(
                  "hash algorithm '" + algorithm + "' is not one of md5, sha1, sha256, sha512");
        };
    try {
      return MessageDigest.getInstance(name);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("This Java runtime lacks " + name, e);
    }
  }

  private static MessageDigest copy(MessageDigest prototype, String algorithm) {
    try {
      return (MessageDigest) prototype.clone();
    } catch (CloneNotSupportedException e) {
      return digest(algorithm);
    }
  }

  private static String kind(Object value) {
    return io.sluice.core.value.Values.kindOf(value);
  }
}
