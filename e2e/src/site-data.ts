import pg from 'pg';

/**
 * Data a test needs, created in the test site's own database (the services' schemas) when the seeded data
 * does not have it, so a test never skips its assertions for want of data.
 */
export function siteData(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    /**
     * The product's cohort recruiting now: the seeded one on the demo calendar, or else a new one recruiting from
     * yesterday to a week from now (Asia/Seoul days), starting two weeks from now.
     */
    async recruitingCohort(productSlug: string): Promise<number> {
      const { rows } = await pool.query<{ odd_id: number }>(
        `select c.odd_id from programs.cohort c join programs.product p using (product_id)
          where p.slug = $1 and c.cancelled_at is null and c.recruit_start <= now() and now() <= c.recruit_end
          order by c.recruit_end limit 1`,
        [productSlug],
      );
      if (rows[0]) return rows[0].odd_id;
      const created = await pool.query<{ odd_id: number }>(
        `insert into programs.cohort (product_id, name, recruit_start, recruit_end, start_date, end_date)
         select product_id, name || ' E2E 기수',
                ((now() at time zone 'Asia/Seoul')::date - 1)::timestamp at time zone 'Asia/Seoul',
                ((now() at time zone 'Asia/Seoul')::date + 7)::timestamp at time zone 'Asia/Seoul' + interval '23 hours 59 minutes 59 seconds',
                (now() at time zone 'Asia/Seoul')::date + 14, (now() at time zone 'Asia/Seoul')::date + 60
           from programs.product where slug = $1
         returning odd_id`,
        [productSlug],
      );
      if (!created.rows[0]) throw new Error(`no product ${productSlug} in the test site's database`);
      return created.rows[0].odd_id;
    },
    /** At least `minimum` published stories: copies of the first one when the seeded ones are fewer. */
    async publishedStories(minimum: number): Promise<void> {
      const { rows } = await pool.query<{ n: string }>('select count(*) as n from content.story where published');
      const missing = minimum - Number(rows[0]!.n);
      if (missing <= 0) return;
      const copied = await pool.query(
        `insert into content.story (title, summary, product_id, product_slug, product_name, odd_id, cohort_name, author_alias, author_role,
                                    author_position, profile_id, cover_url, cover_width, cover_height, published_date, published)
         select s.title || ' (' || n || ')', s.summary, s.product_id, s.product_slug, s.product_name, s.odd_id, s.cohort_name, s.author_alias,
                s.author_role, s.author_position, s.profile_id, s.cover_url, s.cover_width, s.cover_height, s.published_date, true
           from content.story s, generate_series(1, $1::int) as n
          where s.story_id = (select min(story_id) from content.story where published)`,
        [missing],
      );
      if (copied.rowCount !== missing) throw new Error('the test site has no story to copy');
    },
    close: () => pool.end(),
  };
}
