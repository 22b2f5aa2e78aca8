package io.sluice.formats.bson;

/**
 * A document whose framing was intact but whose content could not be decoded. Carries the reason as
 * one data-free sentence and the document's {@code _id} when it was decoded before the damage.
 */
public final class MalformedDocumentException extends RuntimeException {

  private final transient Object id;

  public MalformedDocumentException(String reason, Object id) {
    super(reason, null, false, false);
    this.id = id;
  }

  /** One sentence saying what is wrong and where in the document. */
  public String reason() {
    return getMessage();
  }

  /** The document's {@code _id} in Sluice's value model, or {@code null} if it was not reached. */
  public Object id() {
    return id;
  }
}
