basename /a/b.txt/ .txt
