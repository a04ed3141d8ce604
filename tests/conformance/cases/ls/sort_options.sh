# check-stderr
printf "1234567" > big
printf "12" > small
printf "123" > mid
touch -d "2020-01-01 00:00" mid
touch -d "2021-01-01 00:00" small
touch -d "2019-01-01 00:00" big
ls -S; echo "s=$?"
ls -Sr; echo "s=$?"
ls -t; echo "s=$?"
ls -tr; echo "s=$?"
ls -r; echo "s=$?"
ls -U | sort; echo "s=$?"
ls --sort=size; echo "s=$?"
ls --sort=time; echo "s=$?"
ls --sort=none | sort; echo "s=$?"
ls --sort=bad; echo "s=$?"
