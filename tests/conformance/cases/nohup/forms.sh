# check-stderr
nohup echo hi | cat; echo "[${PIPESTATUS[0]}]"
nohup sh -c 'exit 3' | cat; echo "[${PIPESTATUS[0]}]"
nohup --bogus; echo "[$?]"
nohup; echo "[$?]"
ls
