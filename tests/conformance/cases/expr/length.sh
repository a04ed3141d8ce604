expr length 'hello world'
