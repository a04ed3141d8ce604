echo a$ "b$" '$'
