trap 'echo x' USR1
trap -p USR1
trap -p USR2
echo "status=$?"
