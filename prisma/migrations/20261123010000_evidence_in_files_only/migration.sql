-- An entry's evidence is recorded once: files.entry_id. entries.values no longer
-- repeats it as an "Evidence" list of file ids (issue 8, defect 7).

-- 1. Every file an entry listed is attached to it, if it is the same user's and
--    attached to nothing else (a file attached elsewhere keeps its entry).
UPDATE files f
   SET entry_id = e.id
  FROM entries e
 CROSS JOIN LATERAL jsonb_array_elements_text(
         CASE WHEN jsonb_typeof(e.values -> 'Evidence') = 'array' THEN e.values -> 'Evidence' ELSE '[]'::jsonb END
       ) AS listed(id)
 WHERE f.id::text = listed.id
   AND f.user_id = e.user_id
   AND f.entry_id IS NULL;

-- 2. The list itself goes. Completeness keeps its stored value: it was computed
--    with the evidence counted, as it still is.
UPDATE entries SET values = values - 'Evidence' WHERE values ? 'Evidence';
