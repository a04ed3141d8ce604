nohup --help | head -n 2
