# check-stderr
mkdir -p d/e
cd -LP d
echo "${PWD##*/}"
cd -PL -- e
echo "${PWD##*/}"
