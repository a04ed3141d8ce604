cd /tmp
cd /
cd -
pwd
