# check-stderr
touch -d "2020-01-01 00:00" a
touch -a -d "2021-02-02 00:00" a
stat -c "%x|%y" a
touch -m -d "2022-03-03 00:00" a
stat -c "%x|%y" a
touch --time=atime -d "2019-01-01" a; stat -c "%x|%y" a
touch --time=access -d "2018-01-01" a; stat -c "%x|%y" a
touch --time=use -d "2017-01-01" a; stat -c "%x|%y" a
touch --time=mtime -d "2016-01-01" a; stat -c "%x|%y" a
touch --time=modify -d "2015-01-01" a; stat -c "%x|%y" a
touch --time=bad a; echo "s=$?"
touch -am -d "2014-01-01" a; stat -c "%x|%y" a
