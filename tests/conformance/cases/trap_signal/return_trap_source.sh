echo 'echo in sourced' > lib.sh
trap 'echo RETURN fired' RETURN
source ./lib.sh
echo done
