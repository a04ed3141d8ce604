which cat
