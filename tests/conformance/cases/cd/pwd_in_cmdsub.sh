mkdir x
cd x
p=$(pwd)
echo ${p##*/}
