if true; then echo yes; fi | tr a-z A-Z
