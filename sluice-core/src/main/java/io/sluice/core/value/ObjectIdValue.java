package io.sluice.core.value;

import java.time.Instant;
import java.util.HexFormat;

/** A MongoDB ObjectId: 12 bytes, whose first 4 are its creation time in seconds. */
public record ObjectIdValue(String hex) {

  public ObjectIdValue {
    if (hex == null || hex.length() != 24 || !hex.chars().allMatch(Character::isLetterOrDigit)) {
      throw new IllegalArgumentException("an ObjectId is 24 hexadecimal digits");
    }
    hex = hex.toLowerCase(java.util.Locale.ROOT);
  }

  public byte[] bytes() {
    return HexFormat.of().parseHex(hex);
  }

  /** The creation time encoded in the ObjectId, to the second. */
  public Instant creationTime() {
    return Instant.ofEpochSecond(Long.parseLong(hex.substring(0, 8), 16));
  }

  @Override
  public String toString() {
    return hex;
  }
}
