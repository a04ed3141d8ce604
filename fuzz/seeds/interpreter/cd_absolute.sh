cd /tmp
pwd
echo $PWD
