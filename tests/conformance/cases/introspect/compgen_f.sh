touch file1 file2 other
compgen -f fil | sort
