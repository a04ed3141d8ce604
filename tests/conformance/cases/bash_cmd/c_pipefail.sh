bash -o pipefail -c 'false | true'; echo $?
bash -c 'false | true'; echo $?
