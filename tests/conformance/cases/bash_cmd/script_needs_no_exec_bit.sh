echo 'echo ran' > s.sh
bash s.sh
./s.sh 2>/dev/null; echo $?
