# check-stderr
printf "abc" > target
ln -s target link
ln -s nowhere dangling
mkdir d; ln -s d dl
ls -gG --time-style=+T link; echo "s=$?"
ls -gG --time-style=+T dangling; echo "s=$?"
ls -gGL --time-style=+T link; echo "s=$?"
ls -L dangling; echo "s=$?"
ls -gGF --time-style=+T link dl; echo "s=$?"
ls -F link dl; echo "s=$?"
ls -H dl; echo "s=$?"
