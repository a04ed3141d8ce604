# check-stderr
mkdir -p lib
echo 'echo found' > lib/pl.sh
PATH=$PWD/lib:$PATH
shopt -u sourcepath
source pl.sh
echo "status=$?"
