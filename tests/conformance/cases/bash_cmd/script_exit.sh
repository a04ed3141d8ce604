printf 'exit 3\necho no\n' > s.sh
bash s.sh; echo $?
