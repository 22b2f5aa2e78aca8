package io.sluice.core.job;

import io.sluice.core.mapping.MappingSpec;

/**
 * Where one table of a job that reads several goes, when not to the table of the same name with the
 * same columns: an entry of the job file's {@code per-table:}.
 */
public record TableOverride(
    @Setting(
            value = "The target table that receives this source table's rows.",
            shownDefault = "the source table's name")
        String table,
    @Setting(
            value = "How this table's records become rows of its target table.",
            shownDefault =
                "for a table copy, each column from the source column of the same name; a table"
                    + " of files needs one, which `sluice plan` infers")
        MappingSpec mapping) {}
