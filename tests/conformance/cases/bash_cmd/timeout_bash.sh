timeout 5 bash -c 'echo inside; exit 3'; echo $?
timeout 0.2 bash -c 'while :; do :; done'; echo $?
