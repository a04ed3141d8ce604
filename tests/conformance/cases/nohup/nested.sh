nohup nohup echo deep | cat
