which -a cat
