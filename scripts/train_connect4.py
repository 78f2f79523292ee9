#!/usr/bin/python3
"""Trains the learned Connect 4 player (docs/neural.md) on positions labelled by our solver, and exports it to ONNX.

The network is fully convolutional, so one net plays every board size: the board's planes in, a score per cell
whose landing cell gives each column's policy logit, and a value (win 1, draw 0, loss -1 for the side to move)
from the features averaged over the board. It learns by supervised distillation: the policy toward the columns
that keep the position's value (the best of them, the fastest win or the slowest loss, twice as likely as the
others), the value toward the position's. Positions are split by a
hash of the board (a position and its mirror image alike): one in HOLDOUT_MODULUS is held out, never trained on,
and measured at the end; the positions of Pons' test sets are never trained on either.

A run that is stopped (Ctrl-C, a crash) resumes from its last whole epoch when run again with the same arguments:
each epoch ends by writing a checkpoint (--checkpoint), removed once the model is written. With --half the model
keeps its weights in half precision, cast to single precision when it loads: half the bytes for the same net, so
twice the parameters fit in the player's 2 MB. With --int8 its residual convolutions run in 8-bit integers.

    /usr/bin/python3 scripts/train_connect4.py --data FILE [--data FILE …] --out MODEL.onnx [--epochs N] [--seed N] [--half] [--int8]
"""

import argparse
import hashlib
import json
import os
import random
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

HOLDOUT_MODULUS = 20
# The positions of each size, trained on, whose activations set the 8-bit scales (--int8), and the share of their
# values a scale's range covers: the rare values beyond it are clipped, so the rest are rounded more finely.
CALIBRATION_COUNT = 256
CALIBRATION_QUANTILE = 0.9999
PLANES = 4


def parse_line(line):
    """A labelled line `WxH:moves s1 … sW` (7x6 without its size) as (width, height, moves, scores)."""
    fields = line.split()
    first = fields[0]
    if ':' in first:
        size, moves = first.split(':')
        width, height = (int(n) for n in size.split('x'))
    else:
        width, height, moves = 7, 6, first
    moves = '' if moves == '-' else moves
    scores = [None if s == '-' else int(s) for s in fields[1:]]
    if len(scores) != width:
        raise ValueError(f'{len(scores)} scores for a board {width} wide: "{line}"')
    return width, height, moves, scores


def column_of(symbol):
    """A move's column from its symbol: 1-9, then a, b, c for 10-12 (as the game writes them)."""
    return int(symbol) - 1 if symbol.isdigit() else ord(symbol) - ord('a') + 9


def board_of(width, height, moves):
    """The cells (row 0 the bottom): 1 for the first player's stones, 2 for the second's, 0 empty."""
    cells = [[0] * width for _ in range(height)]
    heights = [0] * width
    for ply, symbol in enumerate(moves):
        column = column_of(symbol)
        cells[heights[column]][column] = 1 + ply % 2
        heights[column] += 1
    return cells, heights


def planes_of(width, height, moves):
    """The network's input for the side to move: its stones, the other's, the board's cells, the playable cells."""
    cells, heights = board_of(width, height, moves)
    me = 1 + len(moves) % 2
    planes = torch.zeros(PLANES, height, width)
    for row in range(height):
        for column in range(width):
            stone = cells[row][column]
            if stone == me:
                planes[0, row, column] = 1
            elif stone:
                planes[1, row, column] = 1
            planes[2, row, column] = 1
    for column in range(width):
        if heights[column] < height:
            planes[3, heights[column], column] = 1
    return planes


def board_key(width, height, moves):
    """The position's identity up to mirroring: its board, or its mirror image, whichever reads first."""
    cells, _ = board_of(width, height, moves)
    text = ''.join(''.join(str(c) for c in row) for row in cells)
    mirrored = ''.join(''.join(str(c) for c in reversed(row)) for row in cells)
    return f'{width}x{height}:{min(text, mirrored)}'


def held_out(key):
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) % HOLDOUT_MODULUS == 0


class Net(nn.Module):
    """Convolutions over the board; a policy logit per column from its landing cell, a value from the mean features."""

    def __init__(self, channels, layers):
        super().__init__()
        self.stem = nn.Conv2d(PLANES, channels, 3, padding=1)
        self.body = nn.ModuleList(nn.Conv2d(channels, channels, 3, padding=1) for _ in range(layers - 1))
        self.norms = nn.ModuleList(nn.BatchNorm2d(channels) for _ in range(layers - 1))
        self.policy = nn.Conv2d(channels, 1, 1)
        self.value = nn.Linear(channels, 1)

    def forward(self, board):
        x = F.relu(self.stem(board))
        for conv, norm in zip(self.body, self.norms):
            x = F.relu(x + norm(conv(x)))
        # Each column's logit is its landing cell's (the playable plane has one cell a column, none in a full one).
        policy = (self.policy(x)[:, 0] * board[:, 3]).sum(dim=1)
        # The features averaged over the board's cells (the board plane says which are cells).
        cells = board[:, 2:3]
        mean = (x * cells).sum(dim=(2, 3)) / cells.sum(dim=(2, 3))
        value = torch.tanh(self.value(mean))[:, 0]
        return policy, value


def load(files, excluded):
    """The labelled positions by size, training and held out: (planes, policy target, value target, legal mask)."""
    train, holdout = {}, {}
    seen = set()
    for file in files:
        with open(file) as handle:
            for line in handle:
                if not line.strip() or line.startswith('#'):
                    continue
                width, height, moves, scores = parse_line(line)
                key = board_key(width, height, moves)
                if key in excluded or key in seen:
                    continue
                seen.add(key)
                legal = [s is not None for s in scores]
                best = max(s for s in scores if s is not None)
                value = float((best > 0) - (best < 0))
                # The columns that keep the value, the best of them (the fastest win, the slowest loss) twice as likely.
                keeps = [s is not None and (s > 0) - (s < 0) == value for s in scores]
                policy = torch.tensor([float(k) + float(s == best) for k, s in zip(keeps, scores)])
                sample = (planes_of(width, height, moves), policy / policy.sum(), value, torch.tensor(legal), line.strip(), torch.tensor(keeps))
                (holdout if held_out(key) else train).setdefault((width, height), []).append(sample)
    # In the order of their lines' text: the model depends on which positions there are, not on the order the
    # generator's workers wrote them in.
    for samples in list(train.values()) + list(holdout.values()):
        samples.sort(key=lambda sample: sample[4])
    return train, holdout


def pons_keys(folder):
    """The boards of Pons' test sets (`moves score` a line, 7x6), kept out of training."""
    keys = set()
    if not folder or not os.path.isdir(folder):
        return keys
    for name in os.listdir(folder):
        if name.startswith('Test_'):
            with open(os.path.join(folder, name)) as handle:
                for line in handle:
                    if line.strip():
                        keys.add(board_key(7, 6, line.split()[0]))
    return keys


def batches(samples, size, rng, mirror):
    """Shuffled batches of one board size; each batch mirrored left to right at random when `mirror`."""
    order = list(range(len(samples)))
    rng.shuffle(order)
    for start in range(0, len(order), size):
        chosen = [samples[i] for i in order[start : start + size]]
        planes = torch.stack([s[0] for s in chosen])
        policy = torch.stack([s[1] for s in chosen])
        value = torch.tensor([s[2] for s in chosen])
        legal = torch.stack([s[3] for s in chosen])
        if mirror and rng.random() < 0.5:
            planes, policy, legal = planes.flip(3), policy.flip(1), legal.flip(1)
        yield planes, policy, value, legal


def accuracy(net, samples):
    """The share of positions whose top legal column keeps the value (a win a win, a draw a draw), the same with the
    board read as it is and in a mirror, the two policies averaged (as the `neural` bot reads it), and the value's
    mean squared error."""
    if not samples:
        return None, None, None
    net.eval()
    kept, kept_both, error = 0, 0, 0.0
    with torch.no_grad():
        for start in range(0, len(samples), 512):
            chosen = samples[start : start + 512]
            planes = torch.stack([s[0] for s in chosen])
            policy, value = net(planes)
            mirrored, _ = net(planes.flip(3))
            legal = torch.stack([s[3] for s in chosen])
            keeps = torch.stack([s[5] for s in chosen])
            logits = policy.masked_fill(~legal, -1e9)
            both = F.softmax(logits, dim=1) + F.softmax(mirrored.flip(1).masked_fill(~legal, -1e9), dim=1)
            kept += int(keeps.gather(1, logits.argmax(dim=1)[:, None])[:, 0].sum())
            kept_both += int(keeps.gather(1, both.argmax(dim=1)[:, None])[:, 0].sum())
            error += float(((value - torch.tensor([s[2] for s in chosen])) ** 2).sum())
    net.train()
    return kept / len(samples), kept_both / len(samples), error / len(samples)


def halve_weights(path, keep=frozenset()):
    """Rewrites an ONNX model with its weights in half precision, each cast back to single precision by a Cast
    node (which onnxruntime folds once when it loads the model): the file halves, the arithmetic stays in floats.
    The tensors named in `keep` (the integer convolutions' scales, which must be constants) stay as they are."""
    import numpy
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(path)
    graph = model.graph
    weights, casts = [], []
    for weight in graph.initializer:
        if weight.data_type == onnx.TensorProto.FLOAT and weight.name not in keep:
            half = numpy_helper.from_array(numpy_helper.to_array(weight).astype(numpy.float16), weight.name + '_half')
            weights.append(half)
            casts.append(helper.make_node('Cast', [half.name], [weight.name], to=onnx.TensorProto.FLOAT))
        else:
            weights.append(weight)
    del graph.initializer[:]
    graph.initializer.extend(weights)
    nodes = casts + list(graph.node)
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, path)


def activation_ranges(net, samples):
    """Over `samples`, for each residual convolution: the values reaching it (a ReLU's, so never below 0) up to their
    CALIBRATION_QUANTILE, and the range of those it gives (batch normalisation's output, which the export folds into
    it) from their 1 - CALIBRATION_QUANTILE to their CALIBRATION_QUANTILE. Clipping the rarest values (the largest is
    about twice the quantile) keeps the float net's accuracy on Pons' sets, where the exact extremes lost 7 positions
    of 6,000 (docs/neural.md)."""
    import numpy

    def keeping(kept):
        """A hook that keeps the values it sees: a pre-hook's input, a forward hook's output."""
        def hook(_, inputs, output=None):
            kept.append((inputs[0] if output is None else output).flatten().numpy())
        return hook

    reaching = [[] for _ in net.body]
    given = [[] for _ in net.body]
    hooks = [conv.register_forward_pre_hook(keeping(kept)) for conv, kept in zip(net.body, reaching)]
    hooks += [norm.register_forward_hook(keeping(kept)) for norm, kept in zip(net.norms, given)]
    net.eval()
    with torch.no_grad():
        for sample in samples:
            net(sample[0][None])
    for hook in hooks:
        hook.remove()
    ranges = []
    for inputs, outputs in zip(reaching, given):
        inputs, outputs = numpy.concatenate(inputs), numpy.concatenate(outputs)
        low, high = numpy.quantile(outputs, [1 - CALIBRATION_QUANTILE, CALIBRATION_QUANTILE])
        ranges.append([float(numpy.quantile(inputs, CALIBRATION_QUANTILE)), min(0.0, float(low)), float(high)])
    return ranges


def quantize_body(path, ranges):
    """Rewrites an exported model so that its residual convolutions run in 8-bit integers: each one's input and
    output through QuantizeLinear and DequantizeLinear (unsigned, one scale a tensor from its range in `ranges`), its
    weights 8-bit signed with a scale an output channel, its bias 32-bit; onnxruntime fuses such a pattern into an
    integer convolution (QLinearConv), about twice as fast as in floats. The stem, the heads and the residual sums
    stay in floats. Returns the names of the scales."""
    import numpy
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(path)
    graph = model.graph
    weights = {w.name: w for w in graph.initializer}
    convs = [n for n in graph.node if n.op_type == 'Conv' and n.output[0].startswith('/body.')]
    assert len(convs) == len(ranges), 'the exported residual convolutions are not the net\'s'
    around, replaced, scales = {}, set(), []
    for conv, (top, low, high) in zip(convs, ranges):
        name = conv.output[0].strip('/').replace('/', '_')
        weight = numpy_helper.to_array(weights[conv.input[1]]).astype(numpy.float64)
        bias = numpy_helper.to_array(weights[conv.input[2]]).astype(numpy.float64)
        input_scale = max(top, 1e-8) / 255
        weight_scale = numpy.maximum(numpy.abs(weight).reshape(len(weight), -1).max(axis=1), 1e-12) / 127
        bias_scale = input_scale * weight_scale
        output_scale = max(high - low, 1e-8) / 255
        tensors = [
            numpy_helper.from_array(numpy.array(input_scale, numpy.float32), name + '_input_scale'),
            numpy_helper.from_array(numpy.array(0, numpy.uint8), name + '_input_zero'),
            numpy_helper.from_array(numpy.round(weight / weight_scale[:, None, None, None]).clip(-127, 127).astype(numpy.int8), name + '_weight_q'),
            numpy_helper.from_array(weight_scale.astype(numpy.float32), name + '_weight_scale'),
            numpy_helper.from_array(numpy.zeros(len(weight), numpy.int8), name + '_weight_zero'),
            numpy_helper.from_array(numpy.round(bias / bias_scale).astype(numpy.int32), name + '_bias_q'),
            numpy_helper.from_array(bias_scale.astype(numpy.float32), name + '_bias_scale'),
            numpy_helper.from_array(numpy.zeros(len(weight), numpy.int32), name + '_bias_zero'),
            numpy_helper.from_array(numpy.array(output_scale, numpy.float32), name + '_output_scale'),
            numpy_helper.from_array(numpy.array(round(-low / output_scale), numpy.uint8), name + '_output_zero'),
        ]
        graph.initializer.extend(tensors)
        scales += [name + '_input_scale', name + '_weight_scale', name + '_bias_scale', name + '_output_scale']
        replaced.update(conv.input[1:3])
        # The nodes to put before the convolution and after it.
        around[id(conv)] = (
            [
                helper.make_node('QuantizeLinear', [conv.input[0], name + '_input_scale', name + '_input_zero'], [name + '_input_q']),
                helper.make_node('DequantizeLinear', [name + '_input_q', name + '_input_scale', name + '_input_zero'], [name + '_input']),
                helper.make_node('DequantizeLinear', [name + '_weight_q', name + '_weight_scale', name + '_weight_zero'], [name + '_weight'], axis=0),
                helper.make_node('DequantizeLinear', [name + '_bias_q', name + '_bias_scale', name + '_bias_zero'], [name + '_bias'], axis=0),
            ],
            [
                helper.make_node('QuantizeLinear', [name + '_output', name + '_output_scale', name + '_output_zero'], [name + '_output_q']),
                helper.make_node('DequantizeLinear', [name + '_output_q', name + '_output_scale', name + '_output_zero'], [conv.output[0]]),
            ],
        )
        conv.input[:] = [name + '_input', name + '_weight', name + '_bias']
        conv.output[:] = [name + '_output']
    kept = [w for w in graph.initializer if w.name not in replaced]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    nodes = []
    for node in graph.node:
        before, after = around.get(id(node), ([], []))
        nodes += before + [node] + after
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, path)
    return set(scales)


def save_checkpoint(path, state):
    """Writes the checkpoint whole or not at all (a stop while writing leaves the previous one)."""
    os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
    torch.save(state, path + '.part')
    os.replace(path + '.part', path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--data', action='append', required=True, help='a file of labelled positions (repeatable)')
    parser.add_argument('--out', required=True, help='the ONNX model to write')
    parser.add_argument('--report', help='where to write the training figures (JSON; default: beside the model)')
    parser.add_argument('--pons', default='test/data/connect4', help="the folder of Pons' test sets, kept out of training")
    parser.add_argument('--epochs', type=int, default=30)
    parser.add_argument('--channels', type=int, default=64)
    parser.add_argument('--layers', type=int, default=12)
    parser.add_argument('--batch', type=int, default=256)
    parser.add_argument('--rate', type=float, default=2e-3)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--threads', type=int, default=2)
    parser.add_argument('--holdout-sample', help='where to write a sample of the held-out positions (their lines), for the tests and the bench')
    parser.add_argument('--holdout-count', type=int, default=200, help='the held-out positions of each size in that sample')
    parser.add_argument('--half', action='store_true', help='keep the weights in half precision in the model file')
    parser.add_argument('--int8', action='store_true', help='run the residual convolutions in 8-bit integers (about twice as fast)')
    parser.add_argument('--checkpoint', help='where each epoch leaves the run to resume from (default: beside the model, .checkpoint.pt)')
    args = parser.parse_args()
    checkpoint = args.checkpoint or os.path.splitext(args.out)[0] + '.checkpoint.pt'
    # What the checkpoint must have been made by to be resumed: the same data and the same training.
    recipe = {key: getattr(args, key) for key in ('pons', 'epochs', 'channels', 'layers', 'batch', 'rate', 'seed')}
    recipe['data'] = [(file, os.path.getsize(file)) for file in args.data]

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    started = time.time()
    train, holdout = load(args.data, pons_keys(args.pons))
    count = sum(len(v) for v in train.values())
    if count == 0:
        sys.exit('no positions to train on')
    print(f'{count} positions to train on, {sum(len(v) for v in holdout.values())} held out, by size: '
          + ', '.join(f'{w}x{h} {len(v)}' for (w, h), v in sorted(train.items())), flush=True)
    net = Net(args.channels, args.layers)
    optimizer = torch.optim.AdamW(net.parameters(), lr=args.rate, weight_decay=1e-4)
    steps = args.epochs * sum((len(v) + args.batch - 1) // args.batch for v in train.values())
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=args.rate, total_steps=max(1, steps))
    losses = []
    first_epoch = 0
    spent = 0.0
    if os.path.exists(checkpoint):
        state = torch.load(checkpoint)
        if state['recipe'] == recipe:
            net.load_state_dict(state['net'])
            optimizer.load_state_dict(state['optimizer'])
            schedule.load_state_dict(state['schedule'])
            rng.setstate(state['rng'])
            torch.set_rng_state(state['torch_rng'])
            losses, first_epoch, spent = state['losses'], state['epoch'], state['seconds']
            print(f'resumed from {checkpoint} after epoch {first_epoch}', flush=True)
        else:
            print(f'{checkpoint} is of another run (other data or settings): starting afresh', flush=True)
    started -= spent
    for epoch in range(first_epoch, args.epochs):
        queue = [b for samples in train.values() for b in batches(samples, args.batch, rng, True)]
        rng.shuffle(queue)
        total = 0.0
        for planes, policy_target, value_target, legal in queue:
            policy, value = net(planes)
            policy = policy.masked_fill(~legal, -1e9)
            loss = -(policy_target * F.log_softmax(policy, dim=1)).sum(dim=1).mean() + F.mse_loss(value, value_target)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += float(loss) * len(planes)
        losses.append(total / count)
        # Saved before it is said: an epoch reported is an epoch a stopped run resumes after.
        save_checkpoint(checkpoint, {
            'recipe': recipe, 'epoch': epoch + 1, 'losses': losses, 'seconds': time.time() - started,
            'net': net.state_dict(), 'optimizer': optimizer.state_dict(), 'schedule': schedule.state_dict(),
            'rng': rng.getstate(), 'torch_rng': torch.get_rng_state(),
        })
        print(f'epoch {epoch + 1}: loss {losses[-1]:.4f} ({time.time() - started:.0f} s)', flush=True)

    net.eval()
    figures = {
        'positions': count,
        'held_out': sum(len(v) for v in holdout.values()),
        'epochs': args.epochs,
        'channels': args.channels,
        'layers': args.layers,
        'parameters': sum(p.numel() for p in net.parameters()),
        'half': args.half,
        'int8': args.int8,
        'seed': args.seed,
        'losses': [round(loss, 4) for loss in losses],
        'seconds': round(time.time() - started),
        'accuracy': {},
    }
    for (width, height), samples in sorted(holdout.items()):
        kept, kept_both, error = accuracy(net, samples)
        # The same figure on as many positions it trained on: far above the held-out one, it learned them by heart.
        seen = random.Random(args.seed).sample(train[(width, height)], min(len(samples), len(train[(width, height)])))
        kept_seen, _, _ = accuracy(net, seen)
        figures['accuracy'][f'{width}x{height}'] = {
            'held_out': len(samples),
            'top_move_keeps_value': round(kept, 4),
            'both_ways_keeps_value': round(kept_both, 4),
            'value_mse': round(error, 4),
            'trained_on_keeps_value': round(kept_seen, 4),
        }
        print(f'held out {width}x{height}: {len(samples)} positions, top move keeps the value {kept:.2%} '
              f'(read both ways {kept_both:.2%}) '
              f'(on as many trained on: {kept_seen:.2%}), value MSE {error:.3f}')
    if args.holdout_sample:
        with open(args.holdout_sample, 'w') as handle:
            handle.write('# Held-out positions of the learned player (never trained on), labelled by the solver: WxH:moves s1 … sW\n')
            for (width, height), samples in sorted(holdout.items()):
                for sample in random.Random(args.seed).sample(samples, min(args.holdout_count, len(samples))):
                    handle.write(sample[4] + '\n')
    example = torch.zeros(1, PLANES, 6, 7)
    torch.onnx.export(
        net,
        example,
        args.out,
        input_names=['board'],
        output_names=['policy', 'value'],
        dynamic_axes={'board': {0: 'batch', 2: 'height', 3: 'width'}, 'policy': {0: 'batch', 1: 'width'}, 'value': {0: 'batch'}},
        opset_version=13,
    )
    scales = frozenset()
    if args.int8:
        calibration = [s for samples in train.values() for s in random.Random(args.seed).sample(samples, min(CALIBRATION_COUNT, len(samples)))]
        scales = quantize_body(args.out, activation_ranges(net, calibration))
    if args.half:
        halve_weights(args.out, scales)
    report = args.report or os.path.splitext(args.out)[0] + '.json'
    with open(report, 'w') as handle:
        json.dump(figures, handle, indent=2)
        handle.write('\n')
    if os.path.exists(checkpoint):
        os.remove(checkpoint)
    print(f'wrote {args.out} ({os.path.getsize(args.out)} bytes) and {report}')


if __name__ == '__main__':
    try:
        main()
    except KeyboardInterrupt:
        sys.exit('stopped: run the same command again to resume after the last whole epoch')
