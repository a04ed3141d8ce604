printf 'echo hi\n' > s.sh
bash -n s.sh; echo $?
