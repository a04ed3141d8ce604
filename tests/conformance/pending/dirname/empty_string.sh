dirname ''
