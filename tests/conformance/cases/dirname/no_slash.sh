dirname file.txt
