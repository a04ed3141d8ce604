basename .; basename ..; basename a/..
