# check-stderr
touch -d "2020-01-01 00:00" a
touch -m -d "2021-01-01 00:00" a
touch -a -d "2019-01-01 00:00" a
touch -d "2020-06-01 00:00" b
ls -gG --time-style=long-iso a; echo "s=$?"
ls -gGu --time-style=long-iso a; echo "s=$?"
ls -gG --time=atime --time-style=long-iso a; echo "s=$?"
ls -gG --time=access --time-style=long-iso a; echo "s=$?"
ls -t a b; echo "s=$?"
ls -tu a b; echo "s=$?"
ls --time=bad a; echo "s=$?"
