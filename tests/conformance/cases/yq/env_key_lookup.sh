# from mikefarah/yq docs: operators/env-variable-operators "Dynamic key lookup with environment variable"
printf 'cat: meow\ndog: woof\n' > sample.yml
myenv="cat" yq '.[env(myenv)]' sample.yml
