mkdir -p lib
echo 'echo found in path' > lib/pathlib.sh
PATH=$PWD/lib:$PATH
source pathlib.sh
