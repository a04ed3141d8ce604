HOME=/tmp
cd
pwd
