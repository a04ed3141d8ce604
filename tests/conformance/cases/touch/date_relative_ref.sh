# check-stderr
touch -d "2020-01-01 12:00:00" a
touch -r a -d "-1 day" b; stat -c "%y" b
touch -r a -d "2 hours ago" c; stat -c "%y" c
touch -d "2020-01-01 12:00:00 +0200" d; stat -c "%y" d
touch -d "1 Jan 2020" e; stat -c "%y" e
touch -d "2020-02-30" f; echo "s=$?"
