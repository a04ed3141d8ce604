# check-stderr
printf "hello" > f
mkdir d
touch -d "2020-03-04 05:06:07" f d
ls -gG f; echo "s=$?"
ls -lgG --time-style=long-iso f; echo "s=$?"
ls -gG --time-style=full-iso f; echo "s=$?"
ls -gG --time-style=iso f; echo "s=$?"
ls -gG --time-style=+%Y/%m/%d f; echo "s=$?"
ls -gG --full-time f; echo "s=$?"
ls -gGd d | cut -c1-10; echo "s=$?"
ls -gG --time-style=bad f; echo "s=$?"
