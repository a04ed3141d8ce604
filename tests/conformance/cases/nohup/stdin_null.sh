echo in | nohup cat | cat
