cd /
pwd
cd ..
pwd
cd /tmp/..
pwd
