echo $"hello world"
