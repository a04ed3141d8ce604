cd /tmp
bash -c 'x=5; cd /; export Z=1'
echo "[$x][$Z]"; pwd
