-- Bulk data for the load benchmark, generated inside PostgreSQL. bench/run.ts fills in {{DONORS}}
-- (BENCH_DONORS, default 1,000,000) and {{REQUESTS}} (BENCH_REQUESTS, default 100,000); 500 blogs.
BEGIN;

CREATE TEMP TABLE places AS
SELECT row_number() OVER (ORDER BY up.id) - 1 AS n, up.id AS upazila_id, up.district_id, d.division_id
FROM upazilas up JOIN districts d ON d.id = up.district_id;

-- Donors: blood groups in Bangladesh's proportions (B+ 31.7%, O+ 30.5%, A+ 24.9%, AB+ 8.9%,
-- B- 1.4%, O- 1.2%, A- 1.1%, AB- 0.3%: population surveys), over all
-- 494 upazilas; 60% gave blood in the past two years (next eligible 120 days later); 5% switched
-- "available" off; 2.5% blocked. hashtext() spreads the attributes independently of each other.
INSERT INTO users (id, name, email, email_verified, role, status, blood_group, division_id, district_id, upazila_id,
  last_donation_date, last_donation_component, next_eligible_date, available, donation_count, created_at, updated_at)
SELECT 'bench-user-' || g,
       'Donor ' || g,
       'donor' || g || '@bench.example',
       true,
       CASE WHEN g % 500 = 0 THEN 'volunteer' ELSE 'donner' END,
       CASE WHEN g % 40 = 0 THEN 'blocked' ELSE 'active' END,
       CASE WHEN r.grp < 317 THEN 'B+' WHEN r.grp < 622 THEN 'O+' WHEN r.grp < 871 THEN 'A+' WHEN r.grp < 960 THEN 'AB+'
            WHEN r.grp < 974 THEN 'B-' WHEN r.grp < 986 THEN 'O-' WHEN r.grp < 997 THEN 'A-' ELSE 'AB-' END,
       p.division_id, p.district_id, p.upazila_id,
       r.last,
       CASE WHEN r.last IS NULL THEN NULL ELSE 'whole_blood' END,
       r.last + 120,
       r.avail <> 0,
       CASE WHEN r.last IS NULL THEN 0 ELSE 1 + g % 5 END,
       now() - make_interval(secs => g * 3), now()
FROM generate_series(1, {{DONORS}}) g
JOIN places p ON p.n = (g * 11) % (SELECT count(*) FROM places)
CROSS JOIN LATERAL (
  SELECT abs(hashtext('group' || g)) % 1000 AS grp,
         CASE WHEN abs(hashtext('gave' || g)) % 10 < 6 THEN current_date - abs(hashtext('when' || g)) % 730 END AS last,
         abs(hashtext('avail' || g)) % 20 AS avail
) r;

-- Requests: every status; components, units and urgency varied; pending ones from 20 days ago to
-- 70 days ahead (some expired). A non-pending request has its one donor's pledge.
INSERT INTO donation_requests (requester_id, requester_name, requester_email, recipient_name, blood_group, hospital_name,
  full_address, division_id, district_id, upazila_id, donation_date, donation_time, needed_by, request_message, status,
  donor_id, donor_name, donor_email, component, units_needed, pledge_count, urgency, created_at, updated_at)
SELECT 'bench-user-' || (1 + (g * 37) % {{DONORS}}),
       'Donor ' || (1 + (g * 37) % {{DONORS}}),
       'donor' || (1 + (g * 37) % {{DONORS}}) || '@bench.example',
       'Patient ' || g,
       (ARRAY['A+','A-','B+','B-','AB+','AB-','O+','O-'])[1 + g % 8],
       'District Hospital ' || (g % 300),
       'Ward ' || (g % 20) || ', Road ' || (g % 90),
       p.division_id, p.district_id, p.upazila_id,
       d.day, d.at,
       (d.day + d.at::time) AT TIME ZONE 'Asia/Dhaka',
       'Needs blood for an operation; please call the family.',
       s.status,
       CASE WHEN s.status = 'pending' THEN NULL ELSE 'bench-user-' || (1 + (g * 53) % {{DONORS}}) END,
       CASE WHEN s.status = 'pending' THEN NULL ELSE 'Donor ' || (1 + (g * 53) % {{DONORS}}) END,
       CASE WHEN s.status = 'pending' THEN NULL ELSE 'donor' || (1 + (g * 53) % {{DONORS}}) || '@bench.example' END,
       (ARRAY['whole_blood','whole_blood','whole_blood','whole_blood','whole_blood','whole_blood','whole_blood','red_cells','platelets','plasma'])[1 + (g / 10) % 10],
       CASE WHEN s.status = 'pending' AND g % 7 = 0 THEN 2 ELSE 1 END,
       CASE WHEN s.status = 'pending' THEN 0 ELSE 1 END,
       (ARRAY['normal','normal','normal','urgent','critical'])[1 + (g / 3) % 5],
       now() - make_interval(secs => g * 50), now()
FROM generate_series(1, {{REQUESTS}}) g
JOIN places p ON p.n = (g * 7) % (SELECT count(*) FROM places)
CROSS JOIN LATERAL (SELECT (current_date + ((g % 90) - 20))::date AS day,
                           lpad(((g % 14) + 8)::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + g % 4] AS at) d
CROSS JOIN LATERAL (SELECT (ARRAY['pending','pending','pending','pending','inprogress','inprogress','done','done','done','canceled'])[1 + g % 10] AS status) s;

INSERT INTO donation_pledges (request_id, donor_id, donor_name, donor_email, pledged_at)
SELECT id, donor_id, donor_name, donor_email, updated_at FROM donation_requests WHERE donor_id IS NOT NULL;

INSERT INTO images (id, data, content_type, width, height)
VALUES ('00000000-0000-4000-8000-000000000001', decode('52494646', 'hex'), 'image/webp', 1, 1);

INSERT INTO blogs (title, content, excerpt, thumbnail, status, created_at, updated_at)
SELECT 'Blog post ' || g,
       '<h2>Why give blood, part ' || g || '</h2>' || repeat('<p>One donation can save up to three lives. Donors in every district keep hospitals supplied.</p>', 12),
       left('Why give blood, part ' || g || ' One donation can save up to three lives. Donors in every district keep hospitals supplied.', 100),
       '/api/images/00000000-0000-4000-8000-000000000001',
       (ARRAY['published','published','published','draft','unpublish'])[1 + g % 5],
       now() - make_interval(secs => g * 600), now()
FROM generate_series(1, 500) g;

COMMIT;
