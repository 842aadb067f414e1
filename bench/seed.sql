-- Bulk data for the load benchmark, generated inside PostgreSQL (seconds, not minutes).
-- 100,000 users over all 8 blood groups and all 494 upazilas (so all 64 districts),
-- 50,000 donation requests in every status, 500 blogs.
BEGIN;

CREATE TEMP TABLE places AS
SELECT row_number() OVER (ORDER BY up.id) - 1 AS n, up.id AS upazila_id, up.district_id, d.division_id
FROM upazilas up JOIN districts d ON d.id = up.district_id;

INSERT INTO users (id, name, email, email_verified, role, status, blood_group, division_id, district_id, upazila_id, created_at, updated_at)
SELECT 'bench-user-' || g,
       'Donor ' || g,
       'donor' || g || '@bench.example',
       true,
       CASE WHEN g % 500 = 0 THEN 'volunteer' ELSE 'donner' END,
       CASE WHEN g % 40 = 0 THEN 'blocked' ELSE 'active' END,
       (ARRAY['A+','A-','B+','B-','AB+','AB-','O+','O-'])[1 + (g * 7) % 8],
       p.division_id, p.district_id, p.upazila_id,
       now() - make_interval(secs => g * 30), now()
FROM generate_series(1, 100000) g
JOIN places p ON p.n = (g * 11) % (SELECT count(*) FROM places);

INSERT INTO donation_requests (requester_id, requester_name, requester_email, recipient_name, blood_group, hospital_name,
  full_address, division_id, district_id, upazila_id, donation_date, donation_time, request_message, status,
  donor_id, donor_name, donor_email, created_at, updated_at)
SELECT 'bench-user-' || (1 + (g * 37) % 100000),
       'Donor ' || (1 + (g * 37) % 100000),
       'donor' || (1 + (g * 37) % 100000) || '@bench.example',
       'Patient ' || g,
       (ARRAY['A+','A-','B+','B-','AB+','AB-','O+','O-'])[1 + g % 8],
       'District Hospital ' || (g % 300),
       'Ward ' || (g % 20) || ', Road ' || (g % 90),
       p.division_id, p.district_id, p.upazila_id,
       (current_date + ((g % 90) - 20))::date,
       lpad(((g % 14) + 8)::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + g % 4],
       'Needs blood for an operation; please call the family.',
       s.status,
       CASE WHEN s.status = 'pending' THEN NULL ELSE 'bench-user-' || (1 + (g * 53) % 100000) END,
       CASE WHEN s.status = 'pending' THEN NULL ELSE 'Donor ' || (1 + (g * 53) % 100000) END,
       CASE WHEN s.status = 'pending' THEN NULL ELSE 'donor' || (1 + (g * 53) % 100000) || '@bench.example' END,
       now() - make_interval(secs => g * 50), now()
FROM generate_series(1, 50000) g
JOIN places p ON p.n = (g * 7) % (SELECT count(*) FROM places)
CROSS JOIN LATERAL (SELECT (ARRAY['pending','pending','pending','pending','inprogress','inprogress','done','done','done','canceled'])[1 + g % 10] AS status) s;

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
