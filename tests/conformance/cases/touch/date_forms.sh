# check-stderr
touch -d "2020-03-04 05:06:07" a; stat -c "%y" a; echo "s=$?"
touch -d "2020-03-04" a; stat -c "%y" a
touch -d "2020-03-04T10:11:12" a; stat -c "%y" a
touch -d "@1000000000" a; stat -c "%y" a
touch -d "2020-03-04 05:06:07.5" a; stat -c "%y" a
touch --date="1999-12-31 23:59:59" a; stat -c "%y" a
touch -d "2020-03-04 +1 day" a; stat -c "%y" a
touch -d "Mar 4 2021" a; stat -c "%y" a
touch -d "2020-03-04 05:06 UTC" a; stat -c "%y" a
