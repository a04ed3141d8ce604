basename file.txt .md
