# check-stderr
TZ=UTC0 touch -d "2020-06-01 12:00" a; stat -c "%Y" a
TZ=EST5 touch -d "2020-06-01 12:00" b; stat -c "%Y" b
TZ=EST5 touch -t 202006011200 c; TZ=UTC0 stat -c "%Y" c
touch -d "2020-06-01 12:00 UTC" d; stat -c "%Y" d
