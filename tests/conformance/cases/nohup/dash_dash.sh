nohup -- echo ok | cat
