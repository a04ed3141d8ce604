# check-stderr
bash -c 'echo "$-"'
bash -x -c 'echo traced' 2>&1
bash -o pipefail -c 'false | true; echo $?'
bash -O extglob -c 'shopt -p extglob' 2>&1
bash +B -c 'echo {a,b}'
bash -v -c 'echo v' 2>&1
bash -k -c 'echo "$-"'
bash -O nosuch -c "echo x"; echo "st=$?"
